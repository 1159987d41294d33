"""Domain services: they talk to ports only."""
