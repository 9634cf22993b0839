"""The table's side of the app that needs no Kivy: its language (gettext catalogues, plural forms, dates
and numbers through Babel: :mod:`.language`) and the screens it can be shown on (:mod:`.profiles`).

The configuration, the hardware check and the history import from here, so none of them loads Kivy
(a test checks it). Nothing here may import Kivy or a module of ``companion.app`` that does."""
