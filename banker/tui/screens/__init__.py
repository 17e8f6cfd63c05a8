"""The app's screens: the table, new game, saved games, help and the action dialogs."""
