"""What the page shows and does, without the page: the table controller, the HTML of each
part of the table, the words in two languages, the review, links, statistics, settings, undo,
the guided hand, pacing and the plan of each motion and sound. No module here imports the
browser (js, pyodide, pyscript), so all of it runs, and is tested, on CPython.

A module here and its counterpart in `ui.page` share a name: `ui.logic.review` rebuilds a
round and draws it, `ui.page.review` puts it on the page."""
