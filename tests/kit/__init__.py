"""The tests' one helper kit, in small modules named for what they hold:

- ``conservation``: the one check that money, houses, hotels and deeds are neither created nor lost;
- ``games``: engine states built by hand (a game in progress, a fresh game, a deed given, cash set) and applying an
  action that must be accepted or refused;
- ``journal``: games recorded through the same ``Session`` the app uses, and reading their journal back;
- ``screens``: reading the Textual app under a pilot;
- ``terminal``: the installed ``banker`` in a real terminal (tmux);
- ``phones``: a served game and its event stream; ``chromium``: the headless browser's flags;
- ``exports``: a hand-made report and the QR decoder;
- ``skips``: which skips are justified (any other fails the run).
"""
