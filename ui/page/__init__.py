"""The page: the only code that touches the browser (js, pyodide.ffi), under PyScript on the
main thread. It puts what `ui.logic` computes in place, listens to the player, runs the bots'
loop and keeps the saves. A module here is named as its DOM-free counterpart in `ui.logic`
(`ui.page.review` shows what `ui.logic.review` rebuilds)."""
