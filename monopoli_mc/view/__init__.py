"""What people look at: the live board page and the board PNG, from the controller's own state.

Nothing here sends an RCON request. `model` turns a game into a plain, frozen
`BoardView`; `geometry` says where each part of a board is drawn; `html` and `png`
draw the same picture from it; `live` and `server` keep a page up to date;
`night_panel` and `night_watch` put the night's standings, results and podium beside the boards.
"""
