"""The companion's design system: one palette, type scale, spacing, motion, fonts and art for every screen.

``tokens`` is what screens read (colours by role, sizes in px at 800×480 scaled per display profile);
``contrast`` and ``cvd`` are the checks the palette and the rendered screens must pass; ``fonts``
registers the shipped typefaces with Kivy; ``art`` draws the icons, backdrops and the riddle master as
SVG, and ``python -m companion.app.look.build`` renders them to the PNG files the app loads.
See docs/design.md.
"""
