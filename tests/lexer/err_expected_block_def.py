def f(x):
    """Docstring."""
    async def g():
    return x
