"""The project's number and date formats where they differ from Django's (FORMAT_MODULE_PATH)."""
