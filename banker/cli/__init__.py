"""The shell front end: ``banker`` with no subcommand launches the app (:mod:`banker.cli.main`); one parser
(:mod:`banker.cli.parser`) reads every command line and names each subcommand's handler in
:mod:`banker.cli.commands` or :mod:`banker.cli.exports`, which share one-line errors and exit statuses
(:mod:`banker.cli.support`). The top layer: it may import everything below it, nothing imports it."""
