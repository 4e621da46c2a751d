"""The page's thin DOM layer (runs under PyScript) and its DOM-free table controller."""
