"""The fake server itself: callable replies, waiting on requests in flight, models, auth."""

from __future__ import annotations

import asyncio

import openai
import pytest
from openai import AsyncOpenAI

from supervisor.brains.openai_brain import OpenAIBrain
from tests.openai_fake.builders import context, step_input, user
from tests.openai_fake.server import FakeOpenAI, Reply, text_reply


async def test_callable_reply_and_waiting_on_a_request_in_flight():
    """A test can hold a model call open, act while it is in flight (e.g. append an utterance),
    and script the answer from what the client sent."""
    release = asyncio.Event()

    def answer(body):
        last = body["messages"][-1]["content"]
        return text_reply(f"saw: {last}")

    async with FakeOpenAI() as srv:
        srv.script(Reply(text="first", hold=release), answer)
        brain = OpenAIBrain(srv.base_url, srv.api_key, srv.model, timeout_s=3, max_retries=0)
        first = asyncio.create_task(brain.step(step_input(context(), (user("seq 1 new"),))))
        await srv.wait_for_requests(1)
        assert not first.done()  # the model call is still in flight
        release.set()
        assert (await first).text == "first"
        second = await brain.step(step_input(context(), (user("seq 1 new"), user("seq 2 new"))))
        assert second.text.endswith("\n\nseq 1 new\n\nseq 2 new")  # after the context, in one user message
        await brain.aclose()


async def test_models_listing_auth_and_exhausted_script():
    async with FakeOpenAI(model="m-x") as srv:
        client = AsyncOpenAI(base_url=srv.base_url, api_key=srv.api_key, max_retries=0)
        assert [m.id for m in (await client.models.list()).data] == ["m-x"]
        with pytest.raises(openai.InternalServerError, match="script exhausted"):
            await client.chat.completions.create(model="m-x", messages=[{"role": "user", "content": "hi"}])
        bad = AsyncOpenAI(base_url=srv.base_url, api_key="wrong", max_retries=0)
        with pytest.raises(openai.AuthenticationError):
            await bad.models.list()
        await client.close()
        await bad.close()
