"""``python -m banker``: the ``banker`` command (:func:`banker.cli.main`), with the same arguments."""

from banker.cli import main

raise SystemExit(main())
