"""The shell front end: ``banker`` with no subcommand launches the app (:mod:`banker.cli.main`); the subcommands
(:mod:`banker.cli.commands`, :mod:`banker.cli.exports`) share one-line errors and exit statuses
(:mod:`banker.cli.support`). The top layer: it may import everything below it, nothing imports it."""
