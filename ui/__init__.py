"""The browser UI of 炒地皮: DOM rendering and input (runs under PyScript)."""
