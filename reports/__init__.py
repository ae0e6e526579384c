"""Reports for teachers: gradebooks, the class overview, worksheets and CSV exports."""
