-- The peer bunnymark's LÖVE side (bench/README.md, "Peer bench"; run by
-- tools/bench_peer.sh). The same bunnies as bench/bench_peer.c, moved by
-- the same integer arithmetic, so the two pictures are the same:
--
--   love bench/peer SHEET N FRAMES MODE [SHOT]
--
-- SHEET is tests/assets/sheet_64x64_16.png, MODE "draw" (one
-- love.graphics.draw per bunny) or "batch" (a SpriteBatch filled every
-- frame). Prints "love opengl MODE N median-ms-per-frame" over the frames
-- after 10 warm-up frames; with SHOT, writes the last frame (read before
-- its present) as raw RGBA to SHOT.

local W, H, CELL, WARMUP = 800, 450, 16, 10

local function reflect(p, span)
    local period = 2 * span
    local m = p % period -- Lua's % is never negative for a positive period
    if m <= span then return m end
    return period - m
end

local function speed(v)
    if v == 0 then return 1 end
    return v
end

function love.run()
    local args = love.arg.parseGameArguments(arg)
    local sheet_path, n, frames, mode, shot = args[1], tonumber(args[2]), tonumber(args[3]),
        args[4], args[5]
    local file = assert(io.open(sheet_path, "rb"))
    local bytes = file:read("*a")
    file:close()
    local data = love.image.newImageData(love.filesystem.newFileData(bytes, "sheet.png"))
    local sheet = love.graphics.newImage(data)
    sheet:setFilter("nearest", "nearest")
    local quads = {}
    for c = 0, 3 do
        quads[c] = love.graphics.newQuad(c * CELL, 0, CELL, CELL, sheet:getDimensions())
    end
    local x0, y0, vx, vy = {}, {}, {}, {}
    for i = 0, n - 1 do
        x0[i] = (i * 7919) % (W - CELL)
        y0[i] = (i * 104729) % (H - CELL)
        vx[i] = speed(i % 7 - 3)
        vy[i] = speed(i % 5 - 2)
    end
    local batch = mode == "batch" and love.graphics.newSpriteBatch(sheet, n, "stream") or nil
    local times = {}
    love.graphics.setDefaultFilter("nearest", "nearest")
    for f = 0, WARMUP + frames - 1 do
        local t0 = love.timer.getTime()
        love.event.pump()
        for _ in love.event.poll() do end
        love.graphics.origin()
        love.graphics.clear(0, 0, 0, 1)
        if batch then
            batch:clear()
            for i = 0, n - 1 do
                batch:add(quads[i % 4], reflect(x0[i] + f * vx[i], W - CELL),
                          reflect(y0[i] + f * vy[i], H - CELL))
            end
            love.graphics.draw(batch)
        else
            local draw = love.graphics.draw
            for i = 0, n - 1 do
                draw(sheet, quads[i % 4], reflect(x0[i] + f * vx[i], W - CELL),
                     reflect(y0[i] + f * vy[i], H - CELL))
            end
        end
        local last = f == WARMUP + frames - 1
        if last and shot then
            love.graphics.captureScreenshot(function(image)
                local out = assert(io.open(shot, "wb"))
                out:write(image:getString())
                out:close()
            end)
        end
        love.graphics.present()
        local t1 = love.timer.getTime()
        if f >= WARMUP and not (last and shot) then
            times[#times + 1] = (t1 - t0) * 1000
        end
    end
    table.sort(times)
    print(string.format("love opengl %s %d %.3f", mode, n, times[math.floor(#times / 2) + 1]))
    return function() return 0 end
end
