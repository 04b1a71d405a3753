# torch.hub: nothing is downloaded while compiling.  A model built with
# pretrained weights (torchvision's weights=..., pretrained=True) asks for
# them here; the weights come from a file instead: build the model with
# weights=None and pass the trained state_dict with --weights.
import _native


def _get_torch_home():
    return "~/.cache/torch"


def get_dir():
    return _get_torch_home() + "/hub"


def load_state_dict_from_url(url, model_dir=None, map_location=None, progress=True, check_hash=False,
                             file_name=None):
    return _native.error(f"pretrained weights cannot be downloaded while compiling ({url}): build the model "
                         "with weights=None and give the trained state_dict with --weights FILE")


def download_url_to_file(url, dst, hash_prefix=None, progress=True):
    return _native.error(f"nothing can be downloaded while compiling ({url})")


def load(repo_or_dir, model, *args, **kwargs):
    return _native.error("torch.hub.load fetches code and weights at run time; import the model's "
                         "module instead (-I DIR) and give its weights with --weights FILE")
