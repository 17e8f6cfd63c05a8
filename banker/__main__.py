"""``python -m banker``: the ``banker`` command (:func:`banker.cli.main`), with the same arguments."""

from banker.cli.main import main

raise SystemExit(main())
