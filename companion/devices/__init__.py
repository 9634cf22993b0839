"""Hardware around the board: each device a small interface with a real backend and a simulated twin."""
