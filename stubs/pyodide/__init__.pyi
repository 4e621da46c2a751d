# Pyodide's Python package: only pyodide.ffi is used (stubs/README.md).
