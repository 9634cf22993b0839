"""The Fort Boyard tabletop companion."""

__version__ = "0.1.0"
