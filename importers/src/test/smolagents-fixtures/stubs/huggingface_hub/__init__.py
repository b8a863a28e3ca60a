# Stub: only names smolagents imports at module level; nothing here is called on the paths the fixtures run.
def _unused(*a, **k):
    raise RuntimeError("huggingface_hub stub")
create_repo = metadata_update = snapshot_download = upload_folder = _unused
def __getattr__(name):
    return _unused
