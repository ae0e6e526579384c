"""Reading a question back from its words (tests/quizzes/test_question_words.py): the page
as the learner reads it and a second computation (page.py), a reader for each kind
(readers.py)."""
