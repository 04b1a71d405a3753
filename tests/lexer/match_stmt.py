# `match` is a soft keyword: a whole match statement becomes one
# MATCH_STMT token; everywhere else `match` is a name.
match command:
    case "go":
        pass
    case _:
        pass
match(x):
    case 1: pass
match [a, b]:
    case [1, 2]:
        pass
match -x:
    case -1:
        pass
match *a, b:
    case _:
        pass
def f():
    match x:
        case {"k": v}:
            match v:
                case 1:
                    return (1,
  2)
        # comment at the end of the block
    return 0
x = 1
