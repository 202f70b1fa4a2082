"""How the /cms gateway tests read an answer: its data, or its error with the status expected."""


def get(client, path, **kwargs):
    response = client.get(path, **kwargs)
    assert response.status_code == 200, (path, response.get_json())
    return response.get_json()
