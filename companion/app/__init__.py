"""The touchscreen app (Kivy). It drives :class:`companion.session.GameSession`, never a copy of the rules."""
