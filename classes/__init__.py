"""Classes and joining them: join codes, personal links, students, merges."""
