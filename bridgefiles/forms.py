from django import forms

FILE_REQUIRED = "Choose a .pbn or .lin file to read"


class UploadForm(forms.Form):
    file = forms.FileField(
        label="A PBN or LIN file",
        error_messages={"required": FILE_REQUIRED, "empty": "This file is empty"},
        widget=forms.ClearableFileInput(attrs={"accept": ".pbn,.lin,.txt"}),
    )
