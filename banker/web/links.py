"""Where the phone pages are served and the private link of each page.

Each page's link carries a token (``secrets.token_urlsafe``: 128 random bits) kept in the database's
``phone_links`` table, so a phone's link still works after the app restarts; a token that is not in the table is
a 404. The host is the laptop's address on the local network, found from the network interfaces (``ifaddr``, no
packet sent), or 127.0.0.1 when there is none.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
from pathlib import Path
from typing import NamedTuple

from banker.journal import TABLE_SEAT, Journal

DEFAULT_PORT = 8421
"""The port the pages are served on unless told otherwise: a fixed one, so a phone's link survives a restart."""
TOKEN_BYTES = 16
HOST_ENV, PORT_ENV = "BANKER_WEB_HOST", "BANKER_WEB_PORT"
"""Environment variables for the app's server address (``banker serve`` takes ``--host`` and ``--port``)."""
_VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "zt", "lxc", "cni", "flannel")
"""Interface name prefixes of virtual networks (containers, VMs, VPNs) that phones on the table's Wi-Fi cannot
reach: their addresses are chosen last."""


class Link(NamedTuple):
    name: str
    """The player's name, or ``table``."""
    url: str
    seat: int
    """The player's seat, or :data:`banker.journal.TABLE_SEAT`."""


def lan_address() -> str:
    """The laptop's IPv4 address on the local network: a private address (192.168/16 first, then 10/8, then
    172.16/12) of a real interface before a virtual one's, then any other non-loopback address; 127.0.0.1 when
    there is none. Read from the interfaces; nothing is sent."""
    import ifaddr

    best: tuple[int, str] | None = None
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return "127.0.0.1"
    for adapter in adapters:
        name = (adapter.nice_name or adapter.name or "").lower()
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):  # IPv6: a (address, flowinfo, scope) tuple
                continue
            try:
                address = ipaddress.IPv4Address(ip.ip)
            except ValueError:
                continue
            if address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast:
                continue
            rank = next((i for i, net in enumerate(_PREFERRED) if address in net), len(_PREFERRED))
            rank += 10 if name.startswith(_VIRTUAL) else 0
            if best is None or rank < best[0]:
                best = (rank, str(address))
    return best[1] if best else "127.0.0.1"


_PREFERRED = (
    ipaddress.IPv4Network("192.168.0.0/16"),
    ipaddress.IPv4Network("10.0.0.0/8"),
    ipaddress.IPv4Network("172.16.0.0/12"),
)


def app_address() -> tuple[str, int]:
    """Host and port for the app's server: ``BANKER_WEB_HOST`` / ``BANKER_WEB_PORT`` if set (port 0: any free
    port), else the LAN address and :data:`DEFAULT_PORT`."""
    host = os.environ.get(HOST_ENV, "").strip() or lan_address()
    port = os.environ.get(PORT_ENV, "").strip()
    return host, int(port) if port.isdigit() else DEFAULT_PORT


def bind_error(error: OSError) -> str:
    """Why the server could not listen, in words."""
    import errno
    import socket

    from rules.i18n import _

    code = error.errno
    if code == errno.EADDRINUSE:
        return _("the port is in use (another program, or another Banker serving)")
    if code == errno.EADDRNOTAVAIL:
        return _("that address is not one of this computer's")
    if code == errno.EACCES:
        return _("permission denied (ports below 1024 are the system's)")
    if isinstance(error, socket.gaierror):
        return _("no such host ({why})").format(why=error.strerror or error)
    from banker.journal import cause

    return cause(error)


def url_host(host: str) -> str:
    """A host as it stands in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def tokens(db_path: str | Path, game_id: int, seats: int) -> dict[int, str]:
    """The link token of each seat of a game and of its table page (:data:`TABLE_SEAT`), made and stored the
    first time (the only write the phone pages ever make). Read first through a read-only connection, so serving a
    game whose links exist writes nothing."""
    wanted = [*range(seats), TABLE_SEAT]
    journal = Journal(db_path, create=False, readonly=True)
    try:
        have = journal.phone_links(game_id)
    finally:
        journal.close()
    if all(seat in have for seat in wanted):
        return {seat: have[seat] for seat in wanted}
    journal = Journal(db_path, create=False)
    try:
        for _ in range(3):  # a token already taken (never, in practice) leaves its seat empty: draw again
            have = journal.add_phone_links(
                game_id, {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in wanted if seat not in have}
            )
            if all(seat in have for seat in wanted):
                break
    finally:
        journal.close()
    return {seat: have[seat] for seat in wanted}
