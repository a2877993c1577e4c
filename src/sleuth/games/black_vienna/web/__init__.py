"""Black Vienna's part of the browser page: ``table.js`` draws the table from one seat's view."""

from sleuth.core.kit import WebPart

WEB = WebPart.beside(__file__, "table.js", "table.css")
