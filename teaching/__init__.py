"""Teaching's migrations: the history of the tables of classes and assignments (teaching_*)."""
