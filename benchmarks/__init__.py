"""Benchmarks: ``python -m benchmarks.<name>``; each prints its figures as one JSON object on its last line."""
