"""Media storage: uploaded files under the media directory, served under the media base URL."""
