"""Real parts where they exist: git's smart HTTP (`git http-backend`) behind a server that
refuses requests without the token, and a GitHub REST API stand-in that answers the endpoints
`burnmigrate pr` uses the way GitHub's documentation specifies (auth and accept headers, JSON
shapes, 201 / 200 / 401 / 422, `head=owner:branch` filtering), recording every request."""
from __future__ import annotations

import base64
import json
import os
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse


def _serve(handler_cls) -> ThreadingHTTPServer:
    srv = ThreadingHTTPServer(("127.0.0.1", 0), handler_cls)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def git_http_server(root: Path, token: str) -> ThreadingHTTPServer:
    """Smart HTTP for the bare repos under `root`; every request needs `x-access-token:<token>`."""
    want = "basic " + base64.b64encode(f"x-access-token:{token}".encode()).decode()

    class H(BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def _cgi(self):
            if (self.headers.get("Authorization") or "").lower() != want.lower():
                self.send_response(401)
                self.send_header("WWW-Authenticate", 'Basic realm="git"')
                self.end_headers()
                return
            u = urlparse(self.path)
            n = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(n) if n else b""
            env = {**os.environ, "GIT_PROJECT_ROOT": str(root), "GIT_HTTP_EXPORT_ALL": "1", "PATH_INFO": u.path,
                   "QUERY_STRING": u.query, "REQUEST_METHOD": self.command, "REMOTE_USER": "bot",
                   "CONTENT_TYPE": self.headers.get("Content-Type", ""), "CONTENT_LENGTH": str(len(body))}
            if self.headers.get("Content-Encoding"):
                env["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
            out = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True).stdout
            head, _, payload = out.partition(b"\r\n\r\n")
            status = 200
            headers = []
            for line in head.split(b"\r\n"):
                k, _, v = line.decode().partition(":")
                if k.lower() == "status":
                    status = int(v.strip().split()[0])
                elif k:
                    headers.append((k, v.strip()))
            self.send_response(status)
            for k, v in headers:
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = _cgi

    return _serve(H)


class FakeGitHub:
    def __init__(self, owner: str, name: str, token: str):
        self.owner, self.name, self.token = owner, name, token
        self.pulls: list[dict] = []
        self.comments: dict[int, list[dict]] = {}
        self.requests: list[tuple[str, str, dict]] = []
        self.fail: int | None = None   # answer every request with this status
        self.hide_pulls = False        # the pull list lags behind (GitHub's eventual consistency)
        self.fail_after_create: int | None = None   # make the pull request, then answer with this status
        self.foreign_urls = False      # pull requests whose API `url` points at another host
        fake = self

        class H(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def _send(self, status, data):
                raw = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def _handle(self):
                n = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(n) or b"null") if n else None
                u = urlparse(self.path)
                fake.requests.append((self.command, self.path, {"auth": self.headers.get("Authorization", ""),
                                                                "accept": self.headers.get("Accept", ""), "body": body}))
                if fake.fail:
                    return self._send(fake.fail, {"message": "Bad credentials" if fake.fail == 401 else "refused"})
                if self.headers.get("Authorization") not in (f"token {fake.token}", f"Bearer {fake.token}"):
                    return self._send(401, {"message": "Requires authentication"})
                base = f"/repos/{fake.owner}/{fake.name}"
                parts = u.path[len(base):].strip("/").split("/") if u.path.startswith(base) else None
                if parts is None:
                    return self._send(404, {"message": "Not Found"})
                if parts == [""] and self.command == "GET":
                    return self._send(200, fake._repo())
                if parts == ["pulls"] and self.command == "GET":
                    q = parse_qs(u.query)
                    state, head = q.get("state", ["open"])[0], q.get("head", [""])[0]
                    got = [] if fake.hide_pulls else [p for p in fake.pulls if (state == "all" or p["state"] == state)
                                                      and (not head or p["head"]["label"] == head)]
                    if fake.foreign_urls:
                        got = [dict(p, url="http://elsewhere.example/repos/x/y/pulls/1") for p in got]
                    return self._send(200, got)
                if parts == ["pulls"] and self.command == "POST":
                    label = f"{fake.owner}:{body['head']}"
                    if any(p["state"] == "open" and p["head"]["label"] == label for p in fake.pulls):
                        return self._send(422, {"message": "Validation Failed",
                                                "errors": [{"message": f"A pull request already exists for {label}."}]})
                    pr = fake._pull(len(fake.pulls) + 1, body)
                    fake.pulls.append(pr)
                    if fake.fail_after_create:
                        return self._send(fake.fail_after_create, {"message": "Server Error"})
                    return self._send(201, pr)
                if len(parts) == 2 and parts[0] == "pulls" and self.command == "PATCH":
                    pr = fake.pulls[int(parts[1]) - 1]
                    pr.update({k: v for k, v in body.items() if k in ("title", "body", "state")})
                    return self._send(200, pr)
                if len(parts) == 3 and parts[0] == "issues" and parts[2] == "comments":
                    num = int(parts[1])
                    if self.command == "POST":
                        c = {"id": len(fake.comments.get(num, [])) + 1, "body": body["body"]}
                        fake.comments.setdefault(num, []).append(c)
                        return self._send(201, c)
                    return self._send(200, fake.comments.get(num, []))
                if len(parts) == 3 and parts[0] == "issues" and parts[2] == "labels" and self.command == "POST":
                    pr = fake.pulls[int(parts[1]) - 1]
                    pr["labels"] = [{"name": x} for x in body]
                    return self._send(200, pr["labels"])
                return self._send(404, {"message": "Not Found"})

            do_GET = do_POST = do_PATCH = _handle

        self.server = _serve(H)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def _repo(self):
        return {"id": 1, "name": self.name, "full_name": f"{self.owner}/{self.name}", "default_branch": "main",
                "owner": {"login": self.owner}, "url": f"{self.url}/repos/{self.owner}/{self.name}"}

    def _pull(self, number: int, body: dict) -> dict:
        api = f"{self.url}/repos/{self.owner}/{self.name}"
        return {"number": number, "state": "open", "merged": False, "title": body["title"], "body": body["body"],
                "html_url": f"https://github.example/{self.owner}/{self.name}/pull/{number}",
                "url": f"{api}/pulls/{number}", "issue_url": f"{api}/issues/{number}",
                "head": {"ref": body["head"], "label": f"{self.owner}:{body['head']}"},
                "base": {"ref": body["base"]}, "labels": []}


def silent_server():
    """A server that accepts connections and never answers (an API that hangs)."""
    import socket
    import threading
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    held = []

    def accept():
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            held.append(conn)

    threading.Thread(target=accept, daemon=True).start()
    return sock, f"http://127.0.0.1:{sock.getsockname()[1]}"
