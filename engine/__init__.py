"""炒地皮 (Chao Di Pi) game engine: pure standard-library Python."""
