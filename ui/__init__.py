"""The game's user interface, in two rooms: `ui.logic` (no DOM: the table controller, the HTML
and the words, tested on CPython) and `ui.page` (the only code that touches the browser).
Here: the page's entry point (`ui.main`) and how its Python starts (`ui.pack_importer`,
`ui.dataclass_code`)."""
