try:
    pass
except* ValueError:
x = 1
