# raise, raise ... from, try/except/else/finally, except*, assert.
raise
raise ValueError
raise ValueError("bad") from err
raise RuntimeError() from None

try:
    pass
except ValueError:
    pass
except (TypeError, KeyError) as e:
    raise
except Exception as e:
    pass
except:
    pass
else:
    ok = True
finally:
    cleanup()

try:
    pass
finally:
    pass

try:
    pass
except* ValueError as eg:
    pass
except* (TypeError, OSError):
    pass

assert x
assert x > 0, "x must be positive"
