"""The commands, one module per group; ``catalog.register_all()`` imports them all, each registering its commands in
``registry.REGISTRY``."""
