# match statements are refused with one message.
match command:
    case [x, y]:
        pass
    case _:
        pass
z = 1
