"""The browser page: static files the service serves from ``static/``."""
