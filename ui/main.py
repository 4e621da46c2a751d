"""The page's entry point (index.html runs `import ui.main`): start the game screen."""

from ui.app import main

app = main()
