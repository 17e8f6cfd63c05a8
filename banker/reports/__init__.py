"""What a game is turned into for people outside the app: standings exports and the leaderboard
(:mod:`banker.reports.exports`), statistics across games (:mod:`banker.reports.stats`) and QR codes
(:mod:`banker.reports.qr`). They read the core (session, journal, views) and never import a front end."""
