match x:
    case 1:
    case 2:
        pass
y = 1
