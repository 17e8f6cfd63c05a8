"""Debian's headless Chromium as the phone tests and the docs' screenshots run it: a phone's window, and nothing in
the background that reaches the network or the GPU."""

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=390,844",
]
