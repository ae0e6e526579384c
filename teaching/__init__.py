"""Teachers: classes, join codes, assignments, taking them, gradebooks and worksheets."""
