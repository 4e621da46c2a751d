"""The page's entry point (index.html runs `import ui.main`): start the game screen.

The dataclass methods compiled at build time are put in place first (ui.dataclass_code), so
that importing the game compiles none of them.
"""

from ui import dataclass_code

PRECOMPILED = dataclass_code.install_shipped()

from ui.page.app import main  # noqa: E402  (after the compiled methods are in place)

app = main()
