"""One module per game; each registers its games with :func:`catcards.registry.register`."""
