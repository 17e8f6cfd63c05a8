"""Widgets of the table screen: players, deeds, the bank, the journal and the command line."""
