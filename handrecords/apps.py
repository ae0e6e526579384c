from django.apps import AppConfig


class HandRecordsConfig(AppConfig):
    name = "handrecords"
    verbose_name = "Hand records"
