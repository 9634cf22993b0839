"""The companion's original art, drawn by code as SVG: icons, a backdrop per round, the riddle master.

Every drawing is a function returning SVG text (``DRAWINGS`` lists them with the sizes they are
rendered at); colours come from the palette. ``python -m companion.app.look.build`` writes the SVG
files and renders the PNG files the app loads.
"""
