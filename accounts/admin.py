"""Accounts in the staff pages: usernames and emails stay unique, whatever their case.

The database refuses a second "alice" beside "Alice", or a second account on one address
(accounts migration 0001); these forms say so beside the field instead.
"""

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm, UserCreationForm

from accounts.forms import EMAIL_TAKEN, StaffLoginForm
from accounts.services import username_taken_message

User = get_user_model()

# The staff pages' login refuses an over-long username beside the field, as the site's does.
admin.site.login_form = StaffLoginForm


class _UniqueAccountFields:
    def _others(self):
        return User.objects.exclude(pk=self.instance.pk) if self.instance.pk else User.objects

    def clean_username(self):
        username = self.cleaned_data["username"]
        if self._others().filter(username__iexact=username).exists():
            raise forms.ValidationError(username_taken_message(), code="unique")
        return username

    def clean_email(self):
        email = self.cleaned_data.get("email", "").strip()
        if email and self._others().filter(email__iexact=email).exists():
            raise forms.ValidationError(EMAIL_TAKEN, code="unique")
        return email


class StaffUserChangeForm(_UniqueAccountFields, UserChangeForm):
    pass


class StaffUserCreationForm(_UniqueAccountFields, UserCreationForm):
    pass


admin.site.unregister(User)


@admin.register(User)
class StaffUserAdmin(UserAdmin):
    form = StaffUserChangeForm
    add_form = StaffUserCreationForm
