"""The phone pages: every player's own figures on their phone, live and read-only, served from the laptop.

``banker serve`` (:mod:`banker.cli.commands`) and the app's phones key (:mod:`banker.tui.screens.phones`) start
:class:`banker.web.server.PhoneServer` on the local network; each player opens a private link (a QR code in the
app) to a page with their cash, worth, deeds and jail status, and the table's link shows the standings and the bank.
The pages only read the journal: nothing a phone does can change the game (docs/phones.md).

Modules: :mod:`~banker.web.pages` (the pages' data and HTML, from the rules engine's queries; no aiohttp),
:mod:`~banker.web.links` (the link tokens and the laptop's address) and :mod:`~banker.web.server` (aiohttp, the
server-sent events; imported only when the banker turns the pages on, so it costs the app's launch nothing).
"""
