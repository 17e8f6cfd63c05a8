"""What a game is turned into for people outside the app, one module a job: one game's standings as a report
(:mod:`~banker.reports.report`), its export formats (:mod:`~banker.reports.exports`), the files they are written to
(:mod:`~banker.reports.files`), BG Stats (:mod:`~banker.reports.bgstats`), the story of a game for the chart
(:mod:`~banker.reports.story`), the leaderboard (:mod:`~banker.reports.leaderboard`), statistics across games
(:mod:`~banker.reports.stats`) and QR codes (:mod:`~banker.reports.qr`). They read the core (session, journal,
views) and never import a front end."""
