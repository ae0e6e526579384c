"""Assignments: what a teacher sets a class, and each student's attempts at it."""
