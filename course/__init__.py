"""The course map, below both the lessons and practice: see course/map.py."""
